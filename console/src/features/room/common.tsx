/** Small pieces the room screens share: permissions, texts, the authenticated picture, toasts. */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../app/hooks.ts';
import { fetchPicture, imageProblem, uploadImage, type UploadType } from './api.ts';
import './i18n.ts';

export { useCan, useToast } from '../../app/hooks.ts';

/**
 * The picture upload of the room forms: checks the file chosen in `input`, uploads it as `type` and answers
 * its id (undefined after a warning or a failure, both shown as toasts). `uploading` names the upload under
 * way (`key`, the type by default), for the button that started it.
 */
export function usePictureUpload(): {
  uploading: string | null;
  upload: (input: HTMLInputElement | null, type: UploadType, key?: string) => Promise<string | undefined>;
} {
  const { t } = useTranslation('room');
  const toast = useToast();
  const [uploading, setUploading] = useState<string | null>(null);
  const upload = async (input: HTMLInputElement | null, type: UploadType, key: string = type) => {
    const file = input?.files?.[0];
    const problem = imageProblem(file);
    if (problem) {
      toast('warning', t(problem));
      return undefined;
    }
    setUploading(key);
    try {
      return (await uploadImage(file as File, type)).id;
    } catch (err) {
      toast('error', (err as Error).message || t('upload.failed'));
      return undefined;
    } finally {
      setUploading(null);
    }
  };
  return { uploading, upload };
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

export function useAuthedUrl(path: string | null, query?: Record<string, unknown>): string | null {
  const [src, setSrc] = useState<string | null>(null);
  const key = path ? `${path}?${JSON.stringify(query ?? {})}` : '';
  useEffect(() => {
    if (!path) {
      setSrc(null);
      return;
    }
    let url: string | null = null;
    let live = true;
    void fetchPicture(path, query).then((u) => {
      if (live) {
        url = u;
        setSrc(u);
      } else if (u) URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return src;
}

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** yyyy-mm-dd of a Date in local time. */
export function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function formatTime(ms: number | null | undefined, lang: string): string {
  if (!ms) return '—';
  return new Date(ms).toLocaleString(lang === 'cn' ? 'zh-CN' : lang);
}

const TONES = { green: '#1a7f37', grey: '#5a5a5a', blue: '#0b5cad', orange: '#8a4b00', red: '#b02020' } as const;
export type Tone = keyof typeof TONES;

/** A small status label whose colours keep a 4.5:1 contrast. */
export function StatusLabel({
  tone,
  children,
  ...rest
}: {
  tone: Tone;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  return (
    <span className="ui small label" style={{ background: TONES[tone], color: '#fff' }} {...rest}>
      {children}
    </span>
  );
}
