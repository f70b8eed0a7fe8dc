/** The grid's header row: an empty corner over the names, then each slot's time, written out on the hour only. */
export function GridHeader({ times, perHour }: { times: string[]; perHour: number }) {
  return (
    <div className="tg-row tg-head" role="row" aria-rowindex={1}>
      <div className="tg-name" role="columnheader" />
      {times.map((t, i) => (
        <div key={i} role="columnheader" className={i % perHour === 0 ? 'tg-time tg-hour' : 'tg-time'} aria-label={t}>
          {i % perHour === 0 ? t : ''}
        </div>
      ))}
    </div>
  );
}
