import type { Core } from '@strapi/strapi';
import { ofPublishedEventStand } from '../../../http/filters';
import { publicReads } from '../../../http/router';
import { siteProductSpec } from '../wire';

/** GET /api/site/v1/products?standId= and /products/:id: a stand's products and services (SPEC §7). */
export default ({ strapi }: { strapi: Core.Strapi }) => publicReads(strapi, siteProductSpec, ofPublishedEventStand);
