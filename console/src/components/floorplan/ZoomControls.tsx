/** The floor plan's zoom buttons: in, out (by 1.5 each) and back to the whole plan. */
interface ZoomControlsProps {
  zoomInLabel: string;
  zoomOutLabel: string;
  resetLabel: string;
  zoomBy: (k: number) => void;
  reset: () => void;
}

export function ZoomControls({ zoomInLabel, zoomOutLabel, resetLabel, zoomBy, reset }: ZoomControlsProps) {
  return (
    <div className="fp-tools">
      <button
        type="button"
        className="ui icon mini basic button fp-zoom-in"
        aria-label={zoomInLabel}
        title={zoomInLabel}
        onClick={() => zoomBy(1.5)}
      >
        <i className="zoom in icon" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="ui icon mini basic button fp-zoom-out"
        aria-label={zoomOutLabel}
        title={zoomOutLabel}
        onClick={() => zoomBy(1 / 1.5)}
      >
        <i className="zoom out icon" aria-hidden="true" />
      </button>
      <button type="button" className="ui labeled icon mini basic button fp-reset" onClick={reset}>
        <i className="expand icon" aria-hidden="true" />
        {resetLabel}
      </button>
    </div>
  );
}
