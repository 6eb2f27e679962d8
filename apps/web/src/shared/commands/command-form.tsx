import type { KnownCommand } from '@fleet/shared/commands/command-catalogue';
import { Alert, Badge, Button, Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';
import { useErrorMessage } from '../ui/error-state.tsx';
import { type CommandRole, commandProblem, knownCommandOf, offeredCommands } from './command-choice.ts';
import { useSendCommand } from './commands-api.ts';
import classes from './commands-panel.module.css';

/** The refusal's title by its status: not sent at all (400, 403), or sent and not answered (409, 504). */
function failureTitle(error: unknown): 'notSent' | 'noAnswer' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 400 || error.status === 403) return 'notSent';
  if (error.status === 409 || error.status === 504) return 'noAnswer';
  return 'failed';
}

interface CommandFormProps {
  uid: number;
  role: Extract<CommandRole, 'admin' | 'operator'>;
  protocol: string | null;
}

/** Pick a known command (or, administrators, type any), send it, and see the answer or the refusal in words. */
export function CommandForm({ uid, role, protocol }: CommandFormProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const offered = offeredCommands(role, protocol);
  const [text, setText] = useState('');
  const [notify, setNotify] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useSendCommand(uid);
  const known: KnownCommand | null = text.trim() ? knownCommandOf(text, protocol) : null;
  const changes = text.trim() !== '' && (known?.changes ?? true);

  const pick = (name: string | null) => {
    const c = offered.find((x) => x.name === name);
    setText(c?.example ?? '');
    setProblem(null);
    setConfirming(false);
    send.reset();
  };

  const go = () => {
    setConfirming(false);
    send.mutate({ cmd: text.trim(), io: known?.io === true, notify: known?.io === true && notify });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = commandProblem(text, role, protocol);
    setProblem(why);
    if (why) return;
    if (changes) setConfirming(true);
    else go();
  };

  const readOnly = offered.filter((c) => !c.changes);
  const changing = offered.filter((c) => c.changes);
  const data = [
    { group: t('commands.form.readOnlyGroup'), items: readOnly.map((c) => ({ value: c.name, label: c.name })) },
    ...(changing.length ? [{ group: t('commands.form.changingGroup'), items: changing.map((c) => ({ value: c.name, label: c.name })) }] : []),
  ];

  return (
    <form onSubmit={submit} noValidate data-testid="command-form">
      <Stack gap={8}>
        <Select
          label={t('commands.form.known')}
          placeholder={t('commands.form.pick')}
          data={data}
          value={known && offered.includes(known) ? known.name : null}
          onChange={pick}
          searchable
          clearable
          size="sm"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('commands.form.command')}
          description={role === 'admin' ? t('commands.form.commandHintAdmin') : t('commands.form.commandHintOperator')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem(null);
            setConfirming(false);
          }}
          error={problem}
          maxLength={200}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          size="sm"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="command-text"
        />
        <div aria-live="polite">
          {known ? (
            <Stack gap={2}>
              <Group gap={6}>
                <Badge size="sm" variant="light" tt="none" radius="sm" fw={600} color={known.changes ? 'orange' : 'gray'} c={known.changes ? 'orange.9' : 'dark.7'}>
                  {known.changes ? t('commands.form.changes') : t('commands.form.readOnly')}
                </Badge>
              </Group>
              <Text size="xs">{known.description}</Text>
              {known.usage && <Text size="xs" c="gray.7">{t('commands.form.usage', { usage: known.usage })}</Text>}
            </Stack>
          ) : (
            text.trim() !== '' && <Text size="xs" c="gray.7">{t('commands.form.unknown')}</Text>
          )}
        </div>
        {known?.io && role === 'admin' && (
          <Checkbox
            label={t('commands.form.notify')}
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
            size="sm"
          />
        )}
        {confirming ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('commands.form.confirmTitle')}>
            <Text size="sm" mb="xs">{t('commands.form.confirm', { cmd: text.trim() })}</Text>
            <Group gap="xs">
              <Button size="xs" color="orange.9" onClick={go} data-testid="command-confirm">{t('commands.form.confirmSend')}</Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>{t('commands.form.cancel')}</Button>
            </Group>
          </Alert>
        ) : (
          <Group>
            <Button type="submit" size="sm" loading={send.isPending} disabled={text.trim() === ''} leftSection={<IconSend size={14} aria-hidden />}>
              {t('commands.form.send')}
            </Button>
          </Group>
        )}
        <div aria-live="polite" data-testid="command-outcome">
          {send.isPending && (
            <Group gap={8} wrap="nowrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('commands.form.waiting')}</Text>
            </Group>
          )}
          {send.isSuccess && (
            <div>
              <Text size="xs" c="gray.7">{t('commands.form.answer', { cmd: send.variables.cmd })}</Text>
              <pre className={classes.answer} data-testid="command-answer">{send.data}</pre>
              {send.variables.notify && <Text size="xs" c="gray.7">{t('commands.form.mailed')}</Text>}
            </div>
          )}
          {send.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t(`commands.form.${failureTitle(send.error)}`, { cmd: send.variables.cmd })} data-testid="command-refusal">
              {errorMessage(send.error)}
            </Alert>
          )}
        </div>
      </Stack>
    </form>
  );
}
