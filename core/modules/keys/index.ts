import { aliasTo, asClass } from 'awilix';
import type { ApiKeyResolver } from '../../http/authenticate.ts';
import type { AtriumModule } from '../module.ts';
import { keysRoutes } from './routes.ts';
import { ApiKeysService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    apiKeysService: ApiKeysService;
    /** Looked up by name in core/app.ts: `Authorization: ApiKey` / `X-Api-Key` calls. */
    apiKeyResolver: ApiKeyResolver;
  }
}

export { ApiKeysService } from './service.ts';
export { KEYS_CAPABILITIES, type KeysCapability } from './capabilities.ts';

export const keysModule: AtriumModule = {
  name: 'keys',
  register(container) {
    container.register({
      apiKeysService: asClass(ApiKeysService).singleton(),
      apiKeyResolver: aliasTo('apiKeysService'),
    });
  },
  routes: keysRoutes,
};
