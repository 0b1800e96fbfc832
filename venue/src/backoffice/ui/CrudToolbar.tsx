import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';

/** The toolbar of a list screen: delete the selected rows, add one. */
export const CrudToolbar = ({
  selected,
  addLabel,
  onAdd,
  onDelete,
}: {
  selected: number[];
  addLabel: string;
  onAdd: () => void;
  onDelete: () => void;
}) => {
  const { t } = useBackofficeTranslation();
  return (
    <>
      <Button type="button" $variant="ghost" disabled={selected.length === 0} onClick={onDelete}>
        {t('form.deleteSelected')}
      </Button>
      <Button type="button" onClick={onAdd}>
        {addLabel}
      </Button>
    </>
  );
};
