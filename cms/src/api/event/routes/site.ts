import type { Core } from '@strapi/strapi';
import { publicReads } from '../../../http/router';
import { siteEventSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) => publicReads(strapi, siteEventSpec);
