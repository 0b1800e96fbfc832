import type { QueryKey } from '@tanstack/react-query';
import { DataTable, type DataTableProps } from './DataTable';
import { PageHeader } from './PageHeader';

/** A list screen: its title, and the table captioned with it. */
export const ListPage = <Row extends { id: number }, Key extends QueryKey>({
  title,
  ...table
}: { title: string } & Omit<DataTableProps<Row, Key>, 'caption'>) => (
  <>
    <PageHeader title={title} />
    <DataTable caption={title} {...table} />
  </>
);
