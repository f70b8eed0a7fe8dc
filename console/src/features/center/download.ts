/** Files behind the token header (the .ics of a booking, a floor plan image) fetched as blobs. */
import { saveBlob } from '../../app/files.ts';
import { apiUrl, headers } from '../../app/http.ts';

export async function fetchBlob(path: string): Promise<Blob | null> {
  try {
    const res = await fetch(apiUrl(path), { headers: headers(false) });
    return res.ok ? await res.blob() : null;
  } catch {
    return null;
  }
}

export async function download(path: string, filename: string): Promise<boolean> {
  const blob = await fetchBlob(path);
  if (!blob) return false;
  saveBlob(blob, filename);
  return true;
}
