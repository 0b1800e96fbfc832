import { createApiClient } from '@plataforma/adapter/client';
import { clientToken, staffToken } from './state/store';

/** The one API client of the venue (same origin). */
export const api = createApiClient({ tokens: { staffToken, clientToken } });
