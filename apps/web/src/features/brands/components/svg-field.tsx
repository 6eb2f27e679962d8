import { Button, FileButton, Group, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SvgFieldProps {
  label: string;
  description: string;
  value: string;
  onChange(value: string): void;
}

/** An SVG image as text, typed or pasted, or loaded from a .svg file (the server sanitises what it keeps). */
export function SvgField({ label, description, value, onChange }: SvgFieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Textarea
        label={label}
        description={description}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={5}
        styles={{ input: { fontSize: 12, fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
      />
      <Group mt={4}>
        <FileButton accept="image/svg+xml,.svg" onChange={(file) => void file?.text().then(onChange)}>
          {(props) => (
            <Button {...props} variant="subtle" size="compact-sm" leftSection={<IconUpload size={14} aria-hidden />}>
              {t('brands.loadFile', { what: label })}
            </Button>
          )}
        </FileButton>
      </Group>
    </div>
  );
}
