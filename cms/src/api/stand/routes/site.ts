import type { Core } from '@strapi/strapi';
import { ofPublishedEvent } from '../../../http/filters';
import { publicReads } from '../../../http/router';
import { siteStandSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) => publicReads(strapi, siteStandSpec, ofPublishedEvent);
