/**
 * The picture chosen in the file input: checked by its first bytes and size, decoded, and shown from an object URL
 * (let go again when another is chosen, it is discarded or the cropper goes). A later choice overtakes one still
 * being read; an upload pressed meanwhile waits for the reading (`pending`).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Size } from './crop-math.ts';
import type { CropperLabels } from './cropper-labels.ts';
import { SNIFF_BYTES, sourceProblem } from './image-file.ts';

export interface Picture {
  url: string;
  image: HTMLImageElement;
  size: Size;
  name: string;
}

export interface PictureOptions {
  inputRef: RefObject<HTMLInputElement | null>;
  problems: CropperLabels['problems'];
  onProblem: (text: string) => void;
  /** Told of each picture shown, null when none is. */
  onShown: (picture: Picture | null) => void;
}

export function usePicture({ inputRef, problems, onProblem, onShown }: PictureOptions) {
  const [source, setSource] = useState<Picture | null>(null);
  const sourceRef = useRef<Picture | null>(null);
  /** The picture being read: an upload pressed meanwhile waits for it. */
  const pending = useRef<Promise<Picture | null> | null>(null);
  const generation = useRef(0);

  const setShown = (s: Picture | null) => {
    if (sourceRef.current && sourceRef.current !== s) URL.revokeObjectURL(sourceRef.current.url);
    sourceRef.current = s;
    setSource(s);
    onShown(s);
  };
  useEffect(
    () => () => {
      if (sourceRef.current) URL.revokeObjectURL(sourceRef.current.url);
    },
    [],
  );

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const refuse = (text: string) => {
    clearInput();
    onProblem(text);
    return null;
  };

  /** Checks and reads the chosen file; answers what is shown, or null after saying why not. */
  const read = async (file: File | undefined): Promise<Picture | null> => {
    const mine = ++generation.current;
    setShown(null);
    if (!file) return null;
    let leading: Uint8Array | null;
    try {
      leading = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    } catch {
      leading = null;
    }
    const problem = sourceProblem(file, leading);
    if (problem) return refuse(problems[problem]);
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      return mine === generation.current ? refuse(problems.unreadable) : null;
    }
    if (mine !== generation.current) {
      URL.revokeObjectURL(url);
      return null;
    }
    const size = { width: image.naturalWidth, height: image.naturalHeight };
    if (!size.width || !size.height) {
      URL.revokeObjectURL(url);
      return refuse(problems.unreadable);
    }
    const shown = { url, image, size, name: file.name };
    setShown(shown);
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
    clearInput();
  };

  /** The picture shown, the one being read, or the input's file read now; null after saying why not. */
  const current = async (): Promise<Picture | null> => {
    let shown = sourceRef.current;
    if (!shown && pending.current) {
      shown = await pending.current;
      // A refused picture has been explained already.
      if (!shown) return null;
    }
    // A file put in the input without a change event (scripts) is read now.
    if (!shown && inputRef.current?.files?.[0]) shown = await read(inputRef.current.files[0]);
    if (!shown && !inputRef.current?.files?.[0]) onProblem(problems.chooseFirst);
    return shown;
  };

  return { source, choose, discard, current };
}
