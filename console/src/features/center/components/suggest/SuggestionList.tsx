/** The suggestions, best first, each with why it was chosen and a one-click Book. */
import { useTranslation } from 'react-i18next';
import { Button, Item, Label } from 'semantic-ui-react';
import type { Suggestion } from '../../suggest-api.ts';

function Reasons({ s }: { s: Suggestion }) {
  const { t } = useTranslation('center');
  return (
    <ul className="suggest-reasons" aria-label={t('suggest.why')}>
      {s.reasons.map((r) => (
        <li key={r.code}>{t(`suggest.reason.${r.code}`, r.params)}</li>
      ))}
    </ul>
  );
}

export function SuggestionList({
  items,
  mayBook,
  booking,
  onBook,
}: {
  items: Suggestion[];
  mayBook: boolean;
  /** The suggestion being booked (its button waits). */
  booking: Suggestion | null;
  onBook: (s: Suggestion) => void;
}) {
  const { t } = useTranslation('center');
  return (
    <Item.Group
      divided
      as="ol"
      className="suggest-list"
      data-testid="suggest-results"
      aria-label={t('suggest.results')}
    >
      {items.map((s, i) => {
        const r = s.resource;
        const place = [r.locationName, r.floorName].filter(Boolean).join(' · ');
        const range = `${s.date} ${s.startTime}–${s.endTime}`;
        return (
          <Item as="li" key={r.id} data-testid="suggestion">
            <Item.Content>
              <Item.Header as="h2" className="suggest-name">
                {i + 1}. {r.name}
              </Item.Header>
              <Item.Meta>
                {place && <span>{place}</span>}
                {r.type !== 1 && <span>{t('suggest.seats', { count: r.capacity })}</span>}
                <span data-testid="suggestion-range">{range}</span>
                <Label size="mini" basic title={t('suggest.scoreHint')}>
                  {t('suggest.score', { score: Math.round(s.score * 100) })}
                </Label>
              </Item.Meta>
              <Item.Description>
                <Reasons s={s} />
              </Item.Description>
              {mayBook && (
                <Item.Extra>
                  <Button
                    primary
                    size="small"
                    loading={booking === s}
                    disabled={booking !== null}
                    aria-label={t('suggest.bookThis', { name: r.name, range })}
                    onClick={() => onBook(s)}
                    data-testid="suggestion-book"
                  >
                    {t('reserve.book')}
                  </Button>
                </Item.Extra>
              )}
            </Item.Content>
          </Item>
        );
      })}
    </Item.Group>
  );
}
