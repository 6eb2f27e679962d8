import { Skeleton, Table } from '@mantine/core';

interface TableSkeletonProps {
  columns: string[];
  rows?: number;
  label: string;
}

/** Placeholder rows with the real header, so nothing shifts when data arrives. */
export function TableSkeleton({ columns, rows = 8, label }: TableSkeletonProps) {
  return (
    <Table aria-busy="true" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, r) => (
          <Table.Tr key={r}>
            {columns.map((c) => (
              <Table.Td key={c}>
                <Skeleton height={14} my={3} width={`${50 + ((r * 7 + c.length * 5) % 45)}%`} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
