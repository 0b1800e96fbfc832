import type { Core } from '@strapi/strapi';
import { ofPublishedEvent } from '../../../http/filters';
import { publicReads } from '../../../http/router';
import { siteSpeakerSpec } from '../wire';

/** The speakers' directory of a published event, list only (the site reads no speaker by id). */
export default ({ strapi }: { strapi: Core.Strapi }) => publicReads(strapi, siteSpeakerSpec, ofPublishedEvent, ['list']);
