/**
 * `/docs/openapi.json` and a browsable page at `/docs`, built without any outside asset. The page's script is
 * its own file (`/docs/page.js`): the Content-Security-Policy runs no inline script.
 */
import { PUBLIC, RawReply, route, type ModuleRoutes, media } from './route.ts';

const page = (scriptUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Atrium API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;color:#1b1c1d;background:#f7f8fa}
header{background:#1b1c1d;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}
main{max-width:1100px;margin:0 auto;padding:16px 24px}input{width:100%;padding:8px;font-size:14px;margin:8px 0 16px;box-sizing:border-box}
details{background:#fff;border:1px solid #dde;border-radius:4px;margin:6px 0}summary{padding:8px 12px;cursor:pointer}
.m{display:inline-block;width:64px;font-weight:700;text-transform:uppercase}.get{color:#1a7f37}.post{color:#0550ae}.put{color:#9a6700}.delete{color:#cf222e}.patch{color:#8250df}
.perm{float:right;color:#57606a;font-size:12px}pre{margin:0;padding:12px;background:#f6f8fa;overflow:auto;font-size:12px}h2{margin-top:24px}
</style></head><body><header><h1>Atrium API</h1><div id="info"></div></header>
<main><label for="q">Filter operations</label><input id="q" placeholder="path, summary or permission" autofocus><div id="ops">Loading…</div></main>
<script src="${scriptUrl}"></script></body></html>`;

const script = (specUrl: string) => `fetch(${JSON.stringify(specUrl)}).then(r=>r.json()).then(doc=>{
  document.getElementById('info').textContent='Version '+doc.info.version+' · OpenAPI '+doc.openapi+' · '+${JSON.stringify(specUrl)};
  const ops=[];for(const [p,item] of Object.entries(doc.paths))for(const [m,op] of Object.entries(item))ops.push({p,m,op});
  const esc=s=>String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  const render=q=>{const by={};for(const o of ops){const hay=(o.p+' '+(o.op.summary||'')+' '+(o.op.description||'')).toLowerCase();if(q&&!hay.includes(q))continue;(by[o.op.tags?.[0]||'Other']??=[]).push(o)}
    document.getElementById('ops').innerHTML=Object.entries(by).map(([tag,list])=>'<h2>'+esc(tag)+'</h2>'+list.map(o=>'<details><summary><span class="m '+o.m+'">'+o.m+'</span>'+esc(o.p)+' — '+esc(o.op.summary||'')+'<span class="perm">'+esc((o.op['x-permission']||[]).join(', '))+'</span></summary><pre>'+esc(JSON.stringify({description:o.op.description,parameters:o.op.parameters,requestBody:o.op.requestBody,responses:o.op.responses},null,2))+'</pre></details>').join('')).join('')||'No operation matches.'};
  render('');document.getElementById('q').addEventListener('input',e=>render(e.target.value.trim().toLowerCase()));
});
`;

export function docsRoutes(prefix: string, document: () => object): ModuleRoutes {
  return {
    tag: 'Documentation',
    routes: [
      route({
        method: 'get',
        path: '/docs/openapi.json',
        response: media('This document, bare (no envelope)', 'application/json'),
        permission: PUBLIC,
        summary: 'This OpenAPI 3.1 document',
        handler: () => new RawReply(JSON.stringify(document()), 'application/json'),
      }),
      route({
        method: 'get',
        path: '/docs',
        response: media('The page', 'text/html'),
        permission: PUBLIC,
        summary: 'A browsable page of the API',
        handler: () => new RawReply(page(`${prefix}/docs/page.js`), 'text/html; charset=utf-8'),
      }),
      route({
        method: 'get',
        path: '/docs/page.js',
        response: media('The script', 'text/javascript'),
        permission: PUBLIC,
        summary: 'The script of the browsable page',
        handler: () => new RawReply(script(`${prefix}/docs/openapi.json`), 'text/javascript; charset=utf-8'),
      }),
    ],
  };
}
