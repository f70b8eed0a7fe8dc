/**
 * The crop rectangle and how it is moved: dragged, or resized by its corners, with mouse, pen or touch (pointer
 * events, captured while dragging), or moved with the arrow keys and resized with shift + arrows. The rectangle is
 * kept in the picture's own pixels; `scale` converts pointer movement on screen to them.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { keyCrop, moveCrop, resizeCrop, type Handle, type Rect, type Size } from './crop-math.ts';

interface Drag {
  mode: 'move' | Handle;
  pointerId: number;
  x: number;
  y: number;
  start: Rect;
}

export interface CropBoxOptions {
  aspect: number;
  /** The picture's size, or null while there is none. */
  size: Size | null;
  /** Screen pixels per picture pixel. */
  scale: number;
  /** While uploading, a drag does not start. */
  busy: boolean;
}

export function useCropBox({ aspect, size, scale, busy }: CropBoxOptions) {
  const [crop, setCropState] = useState<Rect | null>(null);
  const cropRef = useRef<Rect | null>(null);
  const drag = useRef<Drag | null>(null);

  const setCrop = (c: Rect | null) => {
    cropRef.current = c;
    setCropState(c);
  };

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
    if (!d || d.pointerId !== e.pointerId || !size) return;
    const dx = (e.clientX - d.x) / scale;
    const dy = (e.clientY - d.y) / scale;
    setCrop(d.mode === 'move' ? moveCrop(d.start, dx, dy, size) : resizeCrop(d.start, d.mode, dx, dy, aspect, size));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = cropRef.current;
    if (!current || !size || e.altKey || e.ctrlKey || e.metaKey) return;
    const next = keyCrop(current, e.key, e.shiftKey, aspect, size);
    if (!next) return;
    e.preventDefault();
    setCrop(next);
  };

  return {
    crop,
    /** The latest rectangle, drawn or not. */
    cropRef,
    setCrop,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onKeyDown },
  };
}

export type CropBoxHandlers = ReturnType<typeof useCropBox>['handlers'];
