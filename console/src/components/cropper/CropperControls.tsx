/** The cropper's buttons: crop and upload, and (once a picture is chosen) let it go. */
import { Button } from 'semantic-ui-react';

interface CropperControlsProps {
  uploadLabel: string;
  discardLabel: string;
  busy: boolean;
  /** Whether a picture is shown, so there is one to discard. */
  chosen: boolean;
  onUpload: () => void;
  onDiscard: () => void;
  uploadTestId?: string;
}

export function CropperControls(p: CropperControlsProps) {
  return (
    <div className="image-cropper-actions">
      <Button
        type="button"
        icon="crop"
        content={p.uploadLabel}
        loading={p.busy}
        disabled={p.busy}
        onClick={p.onUpload}
        data-testid={p.uploadTestId}
      />
      {p.chosen && (
        <Button
          type="button"
          basic
          icon="close"
          content={p.discardLabel}
          disabled={p.busy}
          onClick={p.onDiscard}
          data-testid="crop-discard"
        />
      )}
    </div>
  );
}
