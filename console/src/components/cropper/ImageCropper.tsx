/**
 * Choose a picture (gif, jpeg, jpg, png or bmp up to 10 MB, checked by its
 * first bytes), frame it with a crop rectangle of a fixed aspect ratio —
 * dragged or resized by its corners with mouse, pen or touch (pointer events),
 * or moved with the arrow keys and resized with shift + arrows (useCropBox) — then the
 * crop is drawn on a canvas at most 1600 px wide and handed over as a JPEG no
 * bigger than `maxBytes` (quality 0.9, lower when needed; crop-export.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { displayScale, initialCrop, roundCrop, type Size } from './crop-math.ts';
import { cropToJpeg } from './crop-export.ts';
import type { CropperLabels } from './cropper-labels.ts';
import { CropperControls } from './CropperControls.tsx';
import { CropStage } from './CropStage.tsx';
import { ACCEPT, croppedName } from './image-file.ts';
import { useCropBox } from './useCropBox.ts';
import { usePicture } from './usePicture.ts';
import './cropper.css';

export { cropToJpeg } from './crop-export.ts';
export type { CropperLabels } from './cropper-labels.ts';

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
  const [busy, setBusy] = useState(false);
  const [avail, setAvail] = useState(maxDisplay.width);
  // The crop box is made below; a picture is only shown after this render, from an event.
  const picture = usePicture({
    inputRef,
    problems: labels.problems,
    onProblem,
    onShown: (p) => box.setCrop(p ? initialCrop(p.size, aspect) : null),
  });
  const { source, choose, discard } = picture;
  const scale = source ? displayScale(source.size, { width: avail, height: maxDisplay.height }) : 1;
  const box = useCropBox({ aspect, size: source?.size ?? null, scale, busy });
  const { crop, handlers } = box;

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

  const upload = async () => {
    const shown = await picture.current();
    if (!shown) return;
    const area = roundCrop(box.cropRef.current ?? initialCrop(shown.size, aspect), shown.size);
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
          <CropStage
            id={id}
            url={source.url}
            size={source.size}
            scale={scale}
            crop={crop}
            whole={whole}
            labels={labels}
            handlers={handlers}
          />
        )}
        <CropperControls
          uploadLabel={labels.upload}
          discardLabel={labels.discard}
          busy={busy}
          chosen={source !== null}
          onUpload={() => void upload()}
          onDiscard={discard}
          uploadTestId={uploadTestId}
        />
      </div>
    </div>
  );
}
