import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';

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
  const { t } = useTranslation();
  return (
    <>
      <Button type="button" $variant="ghost" disabled={selected.length === 0} onClick={onDelete}>
        {t('backoffice.form.deleteSelected')}
      </Button>
      <Button type="button" onClick={onAdd}>
        {addLabel}
      </Button>
    </>
  );
};
