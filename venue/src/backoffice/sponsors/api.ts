import { sponsorPaths, type Sponsor, type SponsorInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/**
 * A sponsor as the back office lists it: the sponsor with its place among the event's sponsors
 * (the back office's answer carries `position`; the site's does not).
 */
export type SponsorRow = Sponsor & { position?: number };

/** An event's sponsors under /api/cms/v1 (list filter `{ eventId }`; saves multipart with `image`/`removeImage`). */
const sponsors = resourceApi<SponsorRow, SponsorInput>(sponsorPaths.cms);

export const sponsorKeys = sponsors.keys;
export const sponsorsListQuery = sponsors.listQuery;
export const useSaveSponsor = sponsors.useSave;
export const useDeleteSponsors = sponsors.useDelete;
