'use client';

import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '@/lib/client/fetcher';
import { panelizer } from '@/lib/client/api/panelizer';
import { fetchPanelizerPoints } from '@/lib/client/api/panelizer-points';
import type { PanelizerDocument } from '@/lib/shared/panelizer/document';
import type { PanelizerPointsQuery } from '@/lib/shared/panelizer/points';
import type { PanelizerProjectDto } from '@/lib/shared/schemas/panelizer';
import { PanelizerEditor } from '../editor/panelizer-editor';
import type { Persistence } from '../editor/save-status';
import { ProjectToolbar } from './project-toolbar';
import { ResultsPanel } from './results-panel';

/** `?project={id}`: the editor on the project's document, autosaved with its version. */
export function PanelizerProjectView({ missionId, project }: { missionId: number; project: PanelizerProjectDto }) {
  const [exportsMade, setExportsMade] = useState(0);
  const loadPoints = useCallback((query: PanelizerPointsQuery, signal: AbortSignal) => fetchPanelizerPoints(project.id, query, signal), [project.id]);
  const persistence = useMemo<Persistence>(
    () => ({
      version: project.version,
      save: async (document: PanelizerDocument, version: number) => {
        try {
          const saved = await panelizer.savePanelizerDocument({ params: { id: project.id }, body: { version, document } });
          return { ok: true, version: saved.version };
        } catch (err) {
          if (err instanceof ApiError && err.code === 'version_conflict') return { ok: false, conflict: true };
          throw err;
        }
      },
      loadNewest: async () => {
        const newest = await panelizer.getPanelizerProject({ params: { id: project.id } });
        return { document: newest.document, version: newest.version };
      },
    }),
    [project.id, project.version],
  );
  return (
    <PanelizerEditor
      initial={project.document}
      readOnly={false}
      loadPoints={loadPoints}
      persistence={persistence}
      header={({ afterSave }) => <ProjectToolbar missionId={missionId} projectId={project.id} name={project.name} afterSave={afterSave} exportsChanged={exportsMade} />}
      aside={(doc, { afterSave }) => <ResultsPanel doc={doc} projectId={project.id} missionId={missionId} afterSave={afterSave} onExported={() => setExportsMade((n) => n + 1)} />}
    />
  );
}
