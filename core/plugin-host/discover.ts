/**
 * Finds the plugins: every folder of the top-level plugins/ directory, and each
 * entry of config.pluginPaths — a plugin folder, a folder of plugin folders, or
 * an npm package name. A plugin's entry default-exports `definePlugin(...)`, or
 * a function `(sdk) => definePlugin(...)` so a plugin kept outside this
 * repository needs no import of Atrium at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as sdk from '../plugin-sdk/index.ts';
import { assertPluginDefinition, type AnyPluginDefinition } from '../plugin-sdk/index.ts';

export const BUILTIN_PLUGIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../plugins');
const ENTRIES = ['index.ts', 'index.js', 'index.mjs'];

export interface DiscoveredPlugin {
  definition: AnyPluginDefinition;
  /** Folder or package it came from, for the console and the logs. */
  source: string;
}

export interface Discovery {
  plugins: DiscoveredPlugin[];
  /** Plugins that could not be loaded, with why: logged and shown to administrators, never fatal. */
  errors: Array<{ source: string; error: string }>;
}

function entryOf(dir: string): string | undefined {
  const found = ENTRIES.map((e) => path.join(dir, e)).find((f) => fs.existsSync(f));
  if (found) return found;
  return fs.existsSync(path.join(dir, 'package.json')) ? dir : undefined;
}

/** The module specifiers to import: plugin folders (own or listed) and package names. */
export function pluginSources(pluginPaths: string, builtinDir = BUILTIN_PLUGIN_DIR, cwd = process.cwd()): string[] {
  const sources: string[] = [];
  const addFolderOfPlugins = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir).sort()) {
      const sub = path.join(dir, name);
      if (!fs.statSync(sub).isDirectory()) continue;
      const entry = entryOf(sub);
      if (entry) sources.push(entry);
    }
  };
  addFolderOfPlugins(builtinDir);
  for (const raw of pluginPaths
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const isPath = raw.startsWith('.') || path.isAbsolute(raw);
    if (!isPath) {
      sources.push(raw); // an npm package name
      continue;
    }
    const dir = path.resolve(cwd, raw);
    const entry = entryOf(dir);
    if (entry) sources.push(entry);
    else addFolderOfPlugins(dir);
  }
  return sources;
}

async function load(source: string): Promise<AnyPluginDefinition> {
  const specifier = path.isAbsolute(source) ? pathToFileURL(source).href : source;
  const mod = (await import(specifier)) as { default?: unknown };
  const exported = typeof mod.default === 'function' ? (mod.default as (s: typeof sdk) => unknown)(sdk) : mod.default;
  assertPluginDefinition(exported, source);
  return exported;
}

export async function discoverPlugins(pluginPaths: string, builtinDir = BUILTIN_PLUGIN_DIR): Promise<Discovery> {
  const result: Discovery = { plugins: [], errors: [] };
  const ids = new Set<string>();
  for (const source of pluginSources(pluginPaths, builtinDir)) {
    try {
      const definition = await load(source);
      if (ids.has(definition.id)) throw new Error(`a plugin with id "${definition.id}" is already loaded`);
      ids.add(definition.id);
      result.plugins.push({ definition, source });
    } catch (err) {
      result.errors.push({ source, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
