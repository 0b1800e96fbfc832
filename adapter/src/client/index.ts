import { authClient } from './auth';
import { cmsClient } from './cms';
import { createHttp, type ApiClientOptions } from './http';
import { siteClient } from './site';

export {
  toApiError,
  toFormData,
  uploadConfig,
  uploadFraction,
  type ApiClientOptions,
  type FormDataValue,
  type PageQuery,
  type TokenSource,
  type UploadOptions,
} from './http';
export type { DeleteAnswer } from './cms';
export type { ClientRegisterAnswer, EventCatalogueQuery } from './site';

/**
 * The one typed client the venue calls, by area: `auth` (/auth), `site` (/api/site/v1) and
 * `cms` (/api/cms/v1). Each method answers the envelope's data (or the whole envelope where
 * the screen shows its message), or throws an ApiError with the status and the message key.
 * Contracts are imported as types only: the client pulls no schema library into the venue.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const transport = createHttp(options);
  return {
    http: transport.http,
    call: transport.call,
    auth: authClient(transport),
    cms: cmsClient(transport),
    site: siteClient(transport),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
