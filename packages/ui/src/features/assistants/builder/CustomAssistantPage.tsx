import Button from '@mui/material/Button';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useApiQuery } from '../../../api/useApiQuery';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { PageContainer } from '../../../components/PageContainer';
import { assistantsApi } from '../assistantsApi';
import { AssistantBuilder } from './AssistantBuilder';

/** Everything the builder needs, loaded together: the assistant and what it may be built from. */
async function loadBuilder(id: string) {
  const [assistant, chatModels, tools, storeOptions] = await Promise.all([
    assistantsApi.get(id),
    assistantsApi.chatModels(),
    assistantsApi.tools(),
    assistantsApi.documentStores(),
  ]);
  return { assistant, components: { chatModels, tools }, storeOptions };
}

/** `/assistants/custom/:id`: the builder of one custom assistant. */
export default function CustomAssistantPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useApiQuery(() => loadBuilder(id), [id]);
  if (query.data && query.data.assistant.id === id) return <AssistantBuilder key={id} {...query.data} />;
  if (query.error === undefined)
    return (
      <PageContainer>
        <ListSkeleton variant="table" />
      </PageContainer>
    );
  return (
    <PageContainer>
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title="This assistant could not be loaded"
        description={errorMessage(query.error)}
        action={
          <>
            <Button onClick={() => void navigate('/assistants/custom')}>Back to Custom Assistants</Button>
            <Button onClick={() => void query.reload()} disabled={query.loading}>
              Try again
            </Button>
          </>
        }
      />
    </PageContainer>
  );
}
