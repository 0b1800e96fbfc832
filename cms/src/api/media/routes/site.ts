import type { Core } from '@strapi/strapi';
import { ofPublishedEventStand } from '../../../http/filters';
import { publicReads } from '../../../http/router';
import { siteMediaSpec } from '../wire';

export default ({ strapi }: { strapi: Core.Strapi }) => publicReads(strapi, siteMediaSpec, ofPublishedEventStand);
