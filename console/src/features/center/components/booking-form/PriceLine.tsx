/**
 * The price of the booking and the user's balance, shown before it is confirmed when bookings are charged
 * (docs/product-rules.md R10.5), with a warning when the balance is short: the server would refuse the booking.
 * Nothing when credit is off or the price is not known yet.
 */
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';
import { money, type Quote } from '../../credit-api.ts';

export function PriceLine({ quote }: { quote: Quote | null | undefined }) {
  const { t } = useTranslation('center');
  if (!quote?.useCredit || quote.balance === null) return null;
  return (
    <div className="price-line" data-testid="price-line">
      <p>{t('credit.priceLine', { price: money(quote.price), balance: money(quote.balance) })}</p>
      {!quote.enough && <Message warning size="small" data-testid="price-short" content={t('credit.short')} />}
    </div>
  );
}
