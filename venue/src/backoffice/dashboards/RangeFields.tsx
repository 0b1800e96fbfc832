import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { DashboardRange } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { TextField } from '../ui/Form';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
  align-items: end;
  > * {
    min-width: 180px;
  }
`;

/**
 * The range of a dashboard: two days (both included), kept in the address (`?from=&to=`); empty
 * in the address, the fields show the range the server answered (its default).
 */
export const RangeFields = ({ range, children }: { range: DashboardRange | undefined; children?: ReactNode }) => {
  const { t } = useBackofficeTranslation();
  const [params, setParams] = useSearchParams();
  const value = (name: 'from' | 'to') => params.get(name) ?? range?.[name] ?? '';
  const set = (name: 'from' | 'to', day: string) => {
    if (day && !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    const next = new URLSearchParams(params);
    // The other end is pinned as shown, so changing one day keeps the other.
    const other = name === 'from' ? 'to' : 'from';
    if (!next.get(other) && range) next.set(other, range[other]);
    if (day) next.set(name, day);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const reversed = value('from') > value('to');
  return (
    <Row>
      <TextField
        label={t('dashboards.range.from')}
        type="date"
        value={value('from')}
        max={value('to') || undefined}
        onChange={(e) => set('from', e.target.value)}
      />
      <TextField
        label={t('dashboards.range.to')}
        type="date"
        value={value('to')}
        min={value('from') || undefined}
        onChange={(e) => set('to', e.target.value)}
        error={reversed ? t('dashboards.range.reversed') : undefined}
        aria-invalid={reversed || undefined}
      />
      {(params.get('from') || params.get('to')) && (
        <Button type="button" $variant="ghost" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
          {t('dashboards.range.reset')}
        </Button>
      )}
      {children}
    </Row>
  );
};
