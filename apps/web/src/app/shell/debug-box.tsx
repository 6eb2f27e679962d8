import { versionString } from '@fleet/shared/rules/version';
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLastApiStatus } from '../../shared/api/api-status.ts';
import { useDebugMode } from '../../shared/debug/debug-mode.ts';
import { useSessionUser } from '../../shared/session/session-store.ts';
import classes from './shell.module.css';

const BUILD = `${versionString(import.meta.env.PROD ? 'LIVE' : 'DEV')} (${import.meta.env.MODE})`;

/** Corner box with session and API facts, shown when debug mode is on (?debug=1). */
export function DebugBox() {
  const { t } = useTranslation();
  const on = useDebugMode();
  const user = useSessionUser();
  const api = useLastApiStatus();
  if (!on) return null;
  const apiText = !api
    ? t('debug.apiUnknown')
    : t(api.ok ? 'debug.apiOk' : 'debug.apiFailed', { call: api.call, status: api.status });
  const rows: Array<[string, string]> = [
    [t('debug.user'), user ? String(user.userid) : '-'],
    [t('debug.site'), user?.siteid != null ? String(user.siteid) : '-'],
    [t('debug.usertype'), user ? String(user.usertype) : '-'],
    [t('debug.build'), BUILD],
    [t('debug.api'), apiText],
  ];
  return (
    <Paper
      className={classes.debug}
      withBorder
      shadow="sm"
      p="xs"
      role="complementary"
      aria-label={t('debug.title')}
      data-testid="debug-box"
    >
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 8 }}>
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 700 }}>{k}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{v}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
