import { useEffect, useState, type CSSProperties } from 'react';
import { fetchFile } from '../app/files.ts';
import { useAppDispatch } from '../app/store.ts';

/** An object URL of a picture served behind the token header (revoked when it changes or goes). */
export function useAuthedUrl(path: string | null, query?: Record<string, unknown>): string | null {
  const dispatch = useAppDispatch();
  const [src, setSrc] = useState<string | null>(null);
  const key = path ? `${path}?${JSON.stringify(query ?? {})}` : '';
  useEffect(() => {
    if (!path) {
      setSrc(null);
      return;
    }
    let url: string | null = null;
    let live = true;
    void dispatch(fetchFile(path, query)).then((blob) => {
      if (!blob) {
        if (live) setSrc(null);
        return;
      }
      const made = URL.createObjectURL(blob);
      if (live) {
        url = made;
        setSrc(made);
      } else URL.revokeObjectURL(made);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return src;
}

/** A picture served behind the token header. */
export function AuthedImage({
  path,
  alt,
  query,
  className,
  style,
  testId,
}: {
  path: string | null;
  alt: string;
  query?: Record<string, unknown>;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const src = useAuthedUrl(path, query);
  if (!src) return null;
  return <img src={src} alt={alt} className={className} style={style} data-testid={testId} />;
}
