import styled from 'styled-components';

/** A form of one code and its button on a row (a certificate's code, a coupon): the code upper-cased as typed, filling the row. */
export const CodeForm = styled.form`
  display: grid;
  gap: 10px;
  label {
    font-weight: 600;
  }
  .row {
    display: flex;
    gap: 10px;
  }
  .row input {
    flex: 1;
    text-transform: uppercase;
  }
`;
