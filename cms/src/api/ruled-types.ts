import type { DocumentRules, ReadOnlyType } from '../documents/rules';
import { categoryRules } from './category/rules';
import { chatMessageRules } from './chat-message/rules';
import { chatRules } from './chat/rules';
import { clientRules } from './client/rules';
import { contactRules } from './contact/rules';
import { couponRules } from './coupon/rules';
import { eventRules } from './event/rules';
import { languagePackRules } from './language-pack/rules';
import { lectureRules } from './lecture/rules';
import { logRules } from './log/rules';
import { mediaRules } from './media/rules';
import { pageViewRules } from './page-view/rules';
import { productRules } from './product/rules';
import { roomRules } from './room/rules';
import { speakerRules } from './speaker/rules';
import { sponsorRules } from './sponsor/rules';
import { staffUserRules } from './staff-user/rules';
import { standAttendantRules } from './stand-attendant/rules';
import { standRules } from './stand/rules';
import { sitePageRules } from './terms-page/pages';
import { commerceReadOnly } from '../commerce/read-only';

/**
 * Every content type's rules on the stock write paths, the Content Manager and the content API
 * (decisions 023, 051, 077): the types staff write there by hand, held to the product's schemas
 * and checks and logged, and the types only the product writes, read only there. A type of the
 * product is in this list or hidden (`isHidden` in `ruled-check.ts`), or the server does not start.
 */
export const RULED: ReadonlyArray<DocumentRules | ReadOnlyType> = [
  eventRules,
  categoryRules,
  roomRules,
  lectureRules,
  speakerRules,
  standRules,
  standAttendantRules,
  sponsorRules,
  productRules,
  mediaRules,
  clientRules,
  staffUserRules,
  chatRules,
  chatMessageRules,
  couponRules,
  ...sitePageRules,
  ...commerceReadOnly,
  logRules,
  pageViewRules,
  contactRules,
  languagePackRules,
];
