import Download from 'lucide-react/icons/download';
import { Button } from '@/components/ui/button';

export interface ExportRowProps {
  label: string;
  description: string;
  fileName: string;
  disabled: boolean;
  onExport: () => void;
}

/** One CSV export: what it holds, the file it makes and its button. */
export function ExportRow({ label, description, fileName, disabled, onExport }: ExportRowProps) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-navy-900">{description}</p>
        <p className="mt-0.5 font-mono text-xs text-muted-foreground">{fileName}</p>
      </div>
      <Button variant="outline" onClick={onExport} disabled={disabled} className="shrink-0">
        <Download aria-hidden="true" />
        {label}
      </Button>
    </li>
  );
}
