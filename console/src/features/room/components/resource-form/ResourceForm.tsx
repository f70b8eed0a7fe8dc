/** The resource form (docs/product-rules.md R3), in sections: details, availability, people, devices, images. */
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../app/hooks.ts';
import { FormModal, fieldErrorsOf, type FieldErrors } from '../../../../components/crud/index.ts';
import { useResourceQuery, useSaveResourceMutation } from '../../api.ts';
import { AvailabilitySection } from './AvailabilitySection.tsx';
import { DetailsSection } from './DetailsSection.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { bodyOf, draftOf, draftReducer, emptyDraft, validate } from './draft.ts';
import { FeedSection } from './FeedSection.tsx';
import { ImagesSection } from './ImagesSection.tsx';
import { EnvironmentHistory } from '../EnvironmentHistory.tsx';
import { PeopleSection } from './PeopleSection.tsx';

interface Props {
  /** The resource to edit; null creates one. */
  id: number | null;
  /** Creating: the type to start with. */
  type: number;
  types: number[];
  onClose: () => void;
}

export function ResourceForm({ id, type, types, onClose }: Props) {
  const { t } = useTranslation('room');
  const toast = useToast();
  const { data: loaded } = useResourceQuery(id ?? 0, { skip: !id, refetchOnMountOrArgChange: true });
  const [draft, dispatch] = useReducer(draftReducer, type, emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [save, saving] = useSaveResourceMutation();

  useEffect(() => {
    if (id && loaded?.id === id) dispatch({ type: 'load', draft: draftOf(loaded) });
  }, [id, loaded]);

  const submit = async () => {
    const local = validate(draft, t);
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({ id: draft.id, body: bodyOf(draft) });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    onClose();
  };

  const section = { draft, dispatch, errors };
  return (
    <FormModal
      open
      size="large"
      title={id ? t('resource.edit') : t('resource.add')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving.isLoading}
      errors={errors}
      testId="resource-form"
    >
      <DetailsSection {...section} types={types} />
      <AvailabilitySection {...section} />
      <PeopleSection {...section} />
      <DevicesSection {...section} />
      <ImagesSection {...section} />
      <FeedSection {...section} />
      {draft.id && <EnvironmentHistory resourceId={draft.id} name={draft.name} />}
    </FormModal>
  );
}
