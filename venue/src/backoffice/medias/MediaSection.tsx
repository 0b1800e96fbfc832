import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Media } from '@plataforma/adapter';
import { Button } from '../../shared/ui/Button';
import type { EventSectionProps } from '../ui/section';
import { useBackofficeTranslation } from '../i18n';
import { StandSelect } from '../stands/StandSelect';
import type { Column } from '../ui/DataTable';
import { ResourcePage, type EditorProps } from '../ui/ResourcePage';
import { mediasListQuery, useDeleteMedias } from './api';
import { MediaModal } from './MediaModal';

const Waiting = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 16px;
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 2px 10px rgba(29, 26, 24, 0.06);
`;

/** A text as a table cell shows it: its first 90 characters. */
const short = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

/** The media table of one stand: Nome, Descrição, Tipo, Ações; add, edit, delete the selected after 'Aviso'. */
const StandMedias = ({ standId }: { standId: number }) => {
  const { t } = useBackofficeTranslation();
  const remove = useDeleteMedias();
  // One editor component per stand: a new one each render would remount the open modal.
  const Editor = useMemo(() => (props: EditorProps<Media>) => <MediaModal {...props} standId={standId} />, [standId]);
  const columns: Column<Media>[] = [
    { key: 'title', label: t('medias.columns.title'), sortable: true },
    { key: 'description', label: t('medias.columns.description'), secondary: true, render: (m) => short(m.description) },
    { key: 'type', label: t('medias.columns.type'), sortable: true, render: (m) => t(`medias.types.${m.type}`) },
  ];
  return (
    <ResourcePage
      embedded
      title={t('medias.title')}
      columns={columns}
      listQuery={(query) => mediasListQuery(query, { standId })}
      searchPlaceholder={t('medias.search')}
      emptyText={t('medias.empty')}
      addLabel={t('medias.add')}
      confirmDeleteText={(count, rows) =>
        count === 1 && rows[0] ? t('medias.confirmDelete', { title: rows[0].title }) : t('medias.confirmDeleteMany', { count })
      }
      remove={remove.mutateAsync}
      Editor={Editor}
      rowActions={(media, edit) => (
        <Button type="button" $variant="ghost" onClick={edit} aria-label={t('medias.actions.editOf', { title: media.title })}>
          {t('medias.actions.edit')}
        </Button>
      )}
    />
  );
};

/**
 * The event editor's 'Mídia' section (SPEC §2.3), for every staff role: the 'Estande' selector
 * (preselected with the route's stand) and, once a stand is chosen, its media. Until then
 * 'Adicionar Mídia' stays disabled.
 */
export const MediaSection = ({ eventId, standId }: EventSectionProps) => {
  const { t } = useBackofficeTranslation();
  const [selected, setSelected] = useState<number | null>(standId ?? null);
  useEffect(() => setSelected(standId ?? null), [standId]);
  return (
    <>
      <StandSelect eventId={eventId} value={selected} onChange={setSelected} hint={t('medias.standHint')} />
      {selected === null ? (
        <Waiting>
          <Button type="button" disabled>
            {t('medias.add')}
          </Button>
        </Waiting>
      ) : (
        <StandMedias key={selected} standId={selected} />
      )}
    </>
  );
};
