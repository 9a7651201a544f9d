import SprayCan from 'lucide-react/icons/spray-can';
import { cleaningWindowLabel } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { useCleaningSettings } from './calendar-queries';
import { CLEANING_EVENT_TIME, CleaningSettingsForm } from './cleaning-settings-form';

/**
 * The automatic cleaning settings panel ([cleaning.settings]): loads
 * the saved settings, then the form starts from them.
 */
export function CleaningSettingsPanel() {
  const settings = useCleaningSettings();
  return (
    <Card role="region" aria-labelledby="cleaning-settings-title">
      <CardHeader className="pb-4">
        <CardTitle id="cleaning-settings-title" className="flex items-center gap-2">
          <SprayCan aria-hidden="true" className="size-5 text-forest-700" />
          Automatic cleaning
        </CardTitle>
        <CardDescription>
          For every confirmed stay, the crew is invited to clean on check-out day, {cleaningWindowLabel(CLEANING_EVENT_TIME)}{' '}
          (Eastern Time). Moved stays move the cleaning; cancelled stays cancel it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div aria-busy="true" aria-label="Loading cleaning settings" className="grid gap-4">
            <Skeleton className="h-10 w-full max-w-md" />
            <Skeleton className="h-6 w-56" />
            <Skeleton className="h-6 w-32" />
          </div>
        ) : settings.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
            <p>The cleaning settings could not be loaded.{serverMessage(settings.error) ? ` ${serverMessage(settings.error)}` : ''}</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <CleaningSettingsForm initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
