/**
 * Choose a picture (gif, jpeg, jpg, png or bmp up to 10 MB, checked by its
 * first bytes), frame it with a crop rectangle of a fixed aspect ratio —
 * dragged or resized by its corners with mouse, pen or touch (pointer events),
 * or moved with the arrow keys and resized with shift + arrows — then the
 * crop is drawn on a canvas at most 1600 px wide and handed over as a JPEG no
 * bigger than `maxBytes` (quality 0.9, lower when needed).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from 'semantic-ui-react';
import {
  MAX_OUTPUT_WIDTH,
  displayScale,
  encodeWithinLimit,
  initialCrop,
  keyCrop,
  moveCrop,
  outputSize,
  resizeCrop,
  roundCrop,
  type Handle,
  type Rect,
  type Size,
} from './crop-math.ts';
import { ACCEPT, SNIFF_BYTES, croppedName, sourceProblem } from './image-file.ts';
import './cropper.css';

export interface CropperLabels {
  /** The file input's label. */
  choose: string;
  /** The line under the file input (types, size). */
  hint: string;
  /** The alternative text of the picture being cropped. */
  picture: string;
  /** The crop rectangle's accessible name: what it is and how keys move and resize it. */
  area: string;
  /** The crop described in words (announced politely as it changes). */
  status: (crop: Rect) => string;
  /** The button that crops and uploads. */
  upload: string;
  /** The button that lets the chosen picture go. */
  discard: string;
  problems: { chooseFirst: string; badType: string; tooLarge: string; unreadable: string; stillTooLarge: string };
}

interface Props {
  /** The file input's id. */
  id: string;
  /** Width over height of the crop, 4 / 3 for instance. */
  aspect: number;
  labels: CropperLabels;
  /** The largest JPEG to hand over, in bytes. */
  maxBytes: number;
  /** A refusal to tell the user (a toast, for instance). */
  onProblem: (text: string) => void;
  /** Sends the cropped JPEG; true when it went (the cropper then empties). */
  onUpload: (file: File) => Promise<boolean>;
  uploadTestId?: string;
  /** The largest size the picture is shown at, in screen pixels. */
  maxDisplay?: Size;
}

interface Source {
  url: string;
  image: HTMLImageElement;
  size: Size;
  name: string;
}
interface Drag {
  mode: 'move' | Handle;
  pointerId: number;
  x: number;
  y: number;
  start: Rect;
}

const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];

/** Draws `crop` of `image` as a JPEG within `maxBytes`; null when it cannot be made that small. */
export async function cropToJpeg(image: CanvasImageSource, crop: Rect, maxBytes: number): Promise<Blob | null> {
  const result = await encodeWithinLimit(async ({ quality, scale }) => {
    const out = outputSize(crop, MAX_OUTPUT_WIDTH, scale);
    const canvas = document.createElement('canvas');
    canvas.width = out.width;
    canvas.height = out.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    // JPEG has no transparency: transparent parts of a gif or png become white, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, out.width, out.height);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  }, maxBytes);
  return result?.blob ?? null;
}

export function ImageCropper({
  id,
  aspect,
  labels,
  maxBytes,
  onProblem,
  onUpload,
  uploadTestId,
  maxDisplay = { width: 640, height: 400 },
}: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCropState] = useState<Rect | null>(null);
  const cropRef = useRef<Rect | null>(null);
  const sourceRef = useRef<Source | null>(null);
  /** The picture being read: an upload pressed meanwhile waits for it. */
  const pending = useRef<Promise<Source | null> | null>(null);
  const generation = useRef(0);
  const drag = useRef<Drag | null>(null);
  const [busy, setBusy] = useState(false);
  const [avail, setAvail] = useState(maxDisplay.width);

  const setCrop = (c: Rect | null) => {
    cropRef.current = c;
    setCropState(c);
  };
  const setShown = (s: Source | null) => {
    if (sourceRef.current && sourceRef.current !== s) URL.revokeObjectURL(sourceRef.current.url);
    sourceRef.current = s;
    setSource(s);
  };
  useEffect(
    () => () => {
      if (sourceRef.current) URL.revokeObjectURL(sourceRef.current.url);
    },
    [],
  );

  // The picture is shown as wide as the form allows.
  useEffect(() => {
    const el = wrapRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setAvail(Math.max(120, Math.min(maxDisplay.width, el.clientWidth || maxDisplay.width))),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [maxDisplay.width]);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const refuse = (text: string) => {
    clearInput();
    onProblem(text);
    return null;
  };

  /** Checks and reads the chosen file; answers what is shown, or null after saying why not. */
  const read = async (file: File | undefined): Promise<Source | null> => {
    const mine = ++generation.current;
    setShown(null);
    setCrop(null);
    if (!file) return null;
    let leading: Uint8Array | null;
    try {
      leading = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    } catch {
      leading = null;
    }
    const problem = sourceProblem(file, leading);
    if (problem) return refuse(labels.problems[problem]);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      return mine === generation.current ? refuse(labels.problems.unreadable) : null;
    }
    if (mine !== generation.current) {
      URL.revokeObjectURL(url);
      return null;
    }
    const size = { width: image.naturalWidth, height: image.naturalHeight };
    if (!size.width || !size.height) {
      URL.revokeObjectURL(url);
      return refuse(labels.problems.unreadable);
    }
    const shown = { url, image, size, name: file.name };
    setShown(shown);
    setCrop(initialCrop(size, aspect));
    return shown;
  };

  const choose = () => {
    const reading = read(inputRef.current?.files?.[0]);
    pending.current = reading;
    void reading.finally(() => {
      if (pending.current === reading) pending.current = null;
    });
  };

  const discard = () => {
    generation.current++;
    pending.current = null;
    setShown(null);
    setCrop(null);
    clearInput();
  };

  const upload = async () => {
    let shown = sourceRef.current;
    if (!shown && pending.current) {
      shown = await pending.current;
      // A refused picture has been explained already.
      if (!shown) return;
    }
    // A file put in the input without a change event (scripts) is read now.
    if (!shown && inputRef.current?.files?.[0]) shown = await read(inputRef.current.files[0]);
    if (!shown) {
      if (!inputRef.current?.files?.[0]) onProblem(labels.problems.chooseFirst);
      return;
    }
    const area = roundCrop(cropRef.current ?? initialCrop(shown.size, aspect), shown.size);
    setBusy(true);
    try {
      const blob = await cropToJpeg(shown.image, area, maxBytes);
      if (!blob) return void onProblem(labels.problems.stillTooLarge);
      const file = new File([blob], croppedName(shown.name), { type: 'image/jpeg' });
      if (await onUpload(file)) discard();
    } finally {
      setBusy(false);
    }
  };

  const scale = source ? displayScale(source.size, { width: avail, height: maxDisplay.height }) : 1;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // The ref, not the state: a pointer move may not have been drawn yet.
    const start = cropRef.current;
    if (!start || busy || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const handle = (e.target as HTMLElement).dataset.handle as Handle | undefined;
    drag.current = { mode: handle ?? 'move', pointerId: e.pointerId, x: e.clientX, y: e.clientY, start };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || !source) return;
    const dx = (e.clientX - d.x) / scale;
    const dy = (e.clientY - d.y) / scale;
    setCrop(
      d.mode === 'move'
        ? moveCrop(d.start, dx, dy, source.size)
        : resizeCrop(d.start, d.mode, dx, dy, aspect, source.size),
    );
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = cropRef.current;
    if (!current || !source || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = keyCrop(current, e.key, e.shiftKey, aspect, source.size);
    if (!next) return;
    e.preventDefault();
    setCrop(next);
  };

  const whole = source && crop ? roundCrop(crop, source.size) : null;
  return (
    <div className="image-cropper-field">
      <div className="field">
        <label htmlFor={id}>{labels.choose}</label>
        <input id={id} ref={inputRef} type="file" accept={ACCEPT} aria-describedby={`${id}-hint`} onChange={choose} />
        <small id={`${id}-hint`} className="muted">
          {labels.hint}
        </small>
      </div>
      <div ref={wrapRef} className="image-cropper">
        {source && crop && whole && (
          <>
            <div
              className="image-cropper-stage"
              style={{ width: Math.round(source.size.width * scale), height: Math.round(source.size.height * scale) }}
            >
              <img
                src={source.url}
                alt={labels.picture}
                width={Math.round(source.size.width * scale)}
                height={Math.round(source.size.height * scale)}
                draggable={false}
              />
              <div
                className="image-cropper-box"
                role="application"
                tabIndex={0}
                aria-label={labels.area}
                aria-describedby={`${id}-crop-status`}
                data-testid="crop-area"
                data-x={whole.x}
                data-y={whole.y}
                data-width={whole.width}
                data-height={whole.height}
                style={{
                  left: crop.x * scale,
                  top: crop.y * scale,
                  width: crop.width * scale,
                  height: crop.height * scale,
                }}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerEnd}
                onPointerCancel={onPointerEnd}
                onKeyDown={onKeyDown}
              >
                {HANDLES.map((h) => (
                  <span key={h} className={`image-cropper-handle ${h}`} data-handle={h} aria-hidden="true" />
                ))}
              </div>
            </div>
            <p id={`${id}-crop-status`} className="muted" aria-live="polite" data-testid="crop-status">
              {labels.status(whole)}
            </p>
          </>
        )}
        <div className="image-cropper-actions">
          <Button
            type="button"
            icon="crop"
            content={labels.upload}
            loading={busy}
            disabled={busy}
            onClick={() => void upload()}
            data-testid={uploadTestId}
          />
          {source && (
            <Button
              type="button"
              basic
              icon="close"
              content={labels.discard}
              disabled={busy}
              onClick={discard}
              data-testid="crop-discard"
            />
          )}
        </div>
      </div>
    </div>
  );
}
