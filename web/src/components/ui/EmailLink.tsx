import { Fragment } from 'react';

/**
 * A mailto link whose address, when it must break, breaks only after the '@'
 * or before a dot ('info@' / 'mobileautocare.example'), never inside a word:
 * the `.email-link` rule turns off the `overflow-wrap: anywhere` of the lists
 * it sits in, and <wbr> marks the allowed points.
 */
export function EmailLink({ address }: { address: string }) {
  const [user = '', domain = ''] = address.split('@');
  const parts = domain.split('.');
  return (
    <a href={`mailto:${address}`} className="email-link">
      {user}@<wbr />
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </a>
  );
}
