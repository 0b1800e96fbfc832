import { css } from 'styled-components';

/**
 * Styles the venue's dark screens share (the lecture rooms, the site's orders, the toast and the
 * programme's notice): written once, mixed into each part's own styled component.
 */

/** A round 32-pixel close button with a '×', light on dark (the toast's, the agenda notice's). */
export const closeButton = css`
  width: 32px;
  height: 32px;
  display: grid;
  place-items: center;
  background: transparent;
  border: 0;
  border-radius: 50%;
  color: inherit;
  cursor: pointer;
  font-size: 22px;
  line-height: 1;
`;

/** A table on a dark page: full width, ruled rows, small upper-case headings in the warm light (a room's day, the orders). */
export const darkTable = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 12px 10px;
    text-align: left;
    border-bottom: 1px solid rgba(255, 255, 255, 0.12);
  }
  th {
    font-size: 0.8rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
`;
