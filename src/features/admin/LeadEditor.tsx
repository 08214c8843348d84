import { useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { leadStatuses, leadStatusLabels, inboxLimits, type LeadStatus } from '../../domain/admin';
import { Button } from '../../ui/Button';
import { FieldGroup, Label, TextArea } from '../../ui/form';
import { formatTime } from './format';
import { InboxActor } from './inboxActor';

/** A lead's status (saved as soon as it changes) and the staff note (saved with its button). */
export function LeadEditor({
  id,
  status,
  staffNote,
  statusChangedAt,
}: {
  id: string;
  status: LeadStatus;
  staffNote: string;
  statusChangedAt: string | null;
}) {
  const busy = InboxActor.useSelector((state) => !state.matches({ ready: { detail: 'viewing' } }));
  const noteDraft = InboxActor.useSelector((state) => state.context.noteDraft);
  const noteConflict = InboxActor.useSelector((state) => state.context.noteConflict);
  const { send } = InboxActor.useActorRef();
  const noteBox = useRef<HTMLTextAreaElement>(null);

  function changeStatus(next: LeadStatus) {
    // What was typed in the note and not saved travels with the status, so the lead coming back does not wipe it.
    const typed = noteBox.current?.value;
    const unsaved = typed !== undefined && typed !== (noteDraft ?? staffNote);
    send({ type: 'inbox.changeStatus', status: next, ...(unsaved && { noteDraft: typed }) });
  }

  function saveNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = new FormData(event.currentTarget).get('note');
    send({ type: 'inbox.saveNote', note: typeof note === 'string' ? note : '' });
  }

  return (
    <Editor onSubmit={saveNote} aria-label="Work this lead">
      <FieldGroup>
        <Label htmlFor={`lead-status-${id}`}>Status</Label>
        {/* Not disabled while a change saves: that threw the keyboard's focus out of the dialog after one arrow key.
            A change sent meanwhile is not taken (the machine is saving) and the list shows the saved status. */}
        <Select
          id={`lead-status-${id}`}
          value={status}
          aria-disabled={busy}
          onChange={(event) => changeStatus(event.target.value as LeadStatus)}
        >
          {leadStatuses.map((option) => (
            <option key={option} value={option}>
              {leadStatusLabels[option]}
            </option>
          ))}
        </Select>
      </FieldGroup>
      {noteConflict && (
        <Theirs aria-labelledby={`lead-note-theirs-${id}`}>
          <strong id={`lead-note-theirs-${id}`}>Saved meanwhile by another member of staff</strong>
          <p>{staffNote || 'They cleared the note.'}</p>
        </Theirs>
      )}
      <FieldGroup>
        <Label htmlFor={`lead-note-${id}`}>Staff note</Label>
        {/* Keyed by the saved note and the draft: a save shows the stored text, a failed one keeps what was typed. */}
        <TextArea
          key={`${staffNote}\u0000${noteDraft ?? ''}`}
          ref={noteBox}
          id={`lead-note-${id}`}
          name="note"
          defaultValue={noteDraft ?? staffNote}
          maxLength={inboxLimits.note}
          readOnly={busy}
          rows={4}
        />
      </FieldGroup>
      <Actions>
        <Button type="submit" disabled={busy}>
          Save note
        </Button>
        <small>{statusChangedAt ? `Last changed ${formatTime(statusChangedAt)}` : 'Not worked yet'}</small>
      </Actions>
    </Editor>
  );
}

const Editor = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.line};
  textarea {
    min-height: 6rem;
  }
`;

const Theirs = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border-left: 4px solid ${({ theme }) => theme.color.brand};
  border-radius: 0 ${({ theme }) => theme.radius.sm} ${({ theme }) => theme.radius.sm} 0;
  background: #fff;
  strong {
    font-size: 0.875rem;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Select = styled.select`
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: 10px;
  background: #fff;
  font: inherit;
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  small {
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
  }
`;
