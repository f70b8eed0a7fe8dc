/** A floor's plan picture (behind the token header, through app/files.ts) with its natural size, or null. */
import { useEffect, useState } from 'react';
import { useAuthedUrl } from '../../../components/AuthedImage.tsx';

export interface PlanImage {
  url: string;
  w: number;
  h: number;
}

export function usePlanImage(floorId: number | undefined, hasPlan: boolean): PlanImage | null {
  const url = useAuthedUrl(floorId && hasPlan ? `/room/floors/${floorId}/plan` : null);
  const [image, setImage] = useState<PlanImage | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const probe = new Image();
    probe.onload = () => {
      if (live) setImage({ url, w: probe.naturalWidth || 1200, h: probe.naturalHeight || 800 });
    };
    probe.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return url && image?.url === url ? image : null;
}
