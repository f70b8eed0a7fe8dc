#!/usr/bin/env node
// The `atrium` command. TypeScript runs through tsx, so a checkout needs no build step.
const { register } = await import('tsx/esm/api');
register();
await import('./main.ts');
