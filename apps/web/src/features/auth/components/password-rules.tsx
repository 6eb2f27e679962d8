import { PASSWORD_RULE_LINES, type PasswordCheck } from '@fleet/shared';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const RULE_KEYS = ['minLength', 'letterAndNumber', 'special'] as const;

/** The spec's three rule lines, each ticked (icon, colour and hidden text) as soon as it is satisfied. */
export function PasswordRules({ id, check }: { id: string; check: PasswordCheck }) {
  const { t } = useTranslation();
  return (
    <List id={id} spacing={4} size="sm" center aria-label={t('password.rulesLabel')}>
      {PASSWORD_RULE_LINES.map((line, i) => {
        const met = check[RULE_KEYS[i] as (typeof RULE_KEYS)[number]];
        return (
          <List.Item
            key={line}
            data-met={met}
            icon={
              <ThemeIcon size={18} radius="xl" color={met ? 'teal.8' : 'gray.3'} c={met ? 'white' : 'gray.7'}>
                {met ? (
                  <IconCheck size={12} stroke={3} aria-hidden />
                ) : (
                  <IconPointFilled size={10} aria-hidden />
                )}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={met ? 'teal.9' : 'gray.7'} fw={met ? 600 : 400} span>
              {line}
            </Text>
            <VisuallyHidden>{`, ${met ? t('password.ruleMet') : t('password.ruleNotMet')}`}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
