/**
 * Card brands as people read them. Square names a card's brand with an enum
 * (`card_brand`: VISA, MASTERCARD, AMERICAN_EXPRESS ...); the account page
 * shows "Visa ending in 1111". No imports: the user module and the web may
 * both use it.
 */
const names: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMERICAN_EXPRESS: 'American Express',
  DISCOVER: 'Discover',
  DISCOVER_DINERS: 'Diners Club',
  JCB: 'JCB',
  CHINA_UNIONPAY: 'UnionPay',
  SQUARE_GIFT_CARD: 'Square Gift Card',
  INTERAC: 'Interac',
  EFTPOS: 'EFTPOS',
  FELICA: 'FeliCa',
  EBT: 'EBT',
};

/** `VISA` → `Visa`; an unknown or missing brand → `Card`. */
export function cardBrandName(brand: string | undefined): string {
  if (!brand || brand === 'OTHER_BRAND') return 'Card';
  return (
    names[brand] ??
    brand
      .toLowerCase()
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
