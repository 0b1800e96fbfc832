import { css } from 'styled-components';

/**
 * A list of conversations, one button per conversation (the stand's chats and the attendant's
 * inbox): its frame, the marked one (`data-marked`: updated or open), the top line, the name and
 * the muted details (`.when`, `.where`, `.email`).
 */
export const conversationRows = css`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 8px;
  button.row {
    width: 100%;
    text-align: left;
    display: grid;
    gap: 2px;
    padding: 12px 16px;
    border: 1px solid #d5d9e0;
    border-radius: 8px;
    background: #fff;
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button.row[data-marked='true'] {
    border-color: #1f5fbf;
    box-shadow: inset 4px 0 0 #1f5fbf;
  }
  .top {
    display: flex;
    gap: 8px;
    align-items: baseline;
    flex-wrap: wrap;
  }
  .name {
    font-weight: 700;
  }
  .when,
  .where,
  .email {
    color: #5b6475;
    font-size: 0.85rem;
  }
`;
