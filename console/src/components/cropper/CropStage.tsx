/** The picture at display size with the crop rectangle over it, and the crop described in words under it. */
import type { Handle, Rect, Size } from './crop-math.ts';
import type { CropperLabels } from './cropper-labels.ts';
import type { CropBoxHandlers } from './useCropBox.ts';

const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];

interface CropStageProps {
  id: string;
  url: string;
  size: Size;
  scale: number;
  crop: Rect;
  /** The crop in whole picture pixels. */
  whole: Rect;
  labels: Pick<CropperLabels, 'picture' | 'area' | 'status'>;
  handlers: CropBoxHandlers;
}

export function CropStage({ id, url, size, scale, crop, whole, labels, handlers }: CropStageProps) {
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  return (
    <>
      <div className="image-cropper-stage" style={{ width, height }}>
        <img src={url} alt={labels.picture} width={width} height={height} draggable={false} />
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
          {...handlers}
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
  );
}
