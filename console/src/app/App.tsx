import { useEffect, useState } from 'react';

/** Placeholder shell until the console screens land: shows that the server answers. */
export function App() {
  const [health, setHealth] = useState<string>('…');
  useEffect(() => {
    fetch('/api/health').then((r) => r.json()).then((b: { data?: { status: string; version: string } }) => setHealth(`${b.data?.status} · v${b.data?.version}`)).catch(() => setHealth('offline'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Atrium</h1>
      <p>Server: {health}</p>
      <p><a href="/api/docs">API documentation</a></p>
    </main>
  );
}
