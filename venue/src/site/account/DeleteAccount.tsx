import '../../shared/i18n/site';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CLIENT_ERASURE_WORD } from '@plataforma/adapter/constants';
import type { ApiError } from '@plataforma/adapter';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { eraseAccount } from './api';
import { Labelled, PasswordField } from './form';

/**
 * 'Excluir minha conta' (LGPD art. 18, VI): a dialog that says what goes and what the law keeps,
 * and asks for the password and the word EXCLUIR (DELETE, LÖSCHEN in the packs) typed; on success the session is gone (the
 * server ended it), the client is signed out here too and taken to the catalogue.
 */
export const DeleteAccount = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => setOpen(true)} style={{ color: '#ff9a9a', borderColor: '#ff9a9a' }}>
        {t('site.profile.erase.open')}
      </Button>
      {open && <EraseDialog onClose={() => setOpen(false)} />}
    </>
  );
};

const EraseDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = useId();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const erased = useRef(false);
  useEffect(
    () => () => {
      if (erased.current) useAppState.getState().signOut();
    },
    [],
  );
  // The word typed is the visitor's language's (DELETE, LÖSCHEN); the server is sent its own
  // fixed word (CLIENT_ERASURE_WORD), which is also accepted as typed.
  const typed = t('site.profile.erase.typed');
  const said = word.trim().toLocaleUpperCase();
  const ready = password.length > 0 && (said === typed.toLocaleUpperCase() || said === CLIENT_ERASURE_WORD);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await eraseAccount({ password, confirm: CLIENT_ERASURE_WORD });
      // Away from the profile first (signed out on it, it would send the visitor to /entrar): the
      // session is dropped here as the dialog goes with the profile.
      erased.current = true;
      useAppState.getState().showToast(t('clients.erased'), 'success');
      navigate('/eventos', { replace: true });
    } catch (caught) {
      setError(messageText((caught as ApiError).msg));
      setBusy(false);
    }
  };

  return (
    <PlatformModal title={t('site.profile.erase.title')} onClose={onClose} width={520}>
      <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'grid', gap: 16 }}>
        <p style={{ margin: 0 }}>{t('site.profile.erase.what')}</p>
        <p style={{ margin: 0 }}>{t('site.profile.erase.kept')}</p>
        <p style={{ margin: 0, fontWeight: 700 }}>{t('site.profile.erase.final')}</p>
        {error && <FormAlert>{error}</FormAlert>}
        <PasswordField id={`${base}-password`} label={t('site.profile.erase.password')} value={password} onChange={setPassword} />
        <Labelled id={`${base}-word`} label={t('site.profile.erase.word', { word: typed })}>
          {() => (
            <DarkInput
              id={`${base}-word`}
              value={word}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => setWord(e.target.value)}
            />
          )}
        </Labelled>
        <div style={{ display: 'flex', gap: 12, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button type="button" $variant="ghost" onClick={onClose} style={{ color: 'inherit', borderColor: 'currentColor' }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" $variant="danger" disabled={!ready || busy}>
            {busy ? t('site.profile.erase.busy') : t('site.profile.erase.confirm')}
          </Button>
        </div>
      </form>
    </PlatformModal>
  );
};
