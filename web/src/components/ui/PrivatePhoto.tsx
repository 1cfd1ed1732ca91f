import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A private photo (inspection photos, a booking's photos), read with the session by `load` and shown
 * from an object URL, revoked when it goes.
 */
export function PrivatePhoto({
  cacheKey,
  load,
  label,
}: {
  /** What names the photo, for the query's cache. */
  cacheKey: readonly string[];
  load: () => Promise<string>;
  label: string;
}) {
  const photo = useQuery({
    queryKey: ['private-photo', ...cacheKey],
    queryFn: load,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    const url = photo.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo.data]);
  if (!photo.data)
    return <span className="status-text">{photo.isError ? 'Photo unavailable' : 'Loading...'}</span>;
  return <img src={photo.data} alt={label} width={180} height={135} />;
}
