import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';

interface Kind {
  title: string;
  badge: string;
  description: string;
  icon: ReactNode;
  /** Where the kind's list lives. */
  path: string;
}

const KINDS: Kind[] = [
  {
    title: 'Custom Assistant',
    badge: 'Custom',
    description:
      'Build an assistant from the chat model of your choice, instructions, tools and your document stores as knowledge.',
    icon: <SmartToyOutlinedIcon />,
    path: '/assistants/custom',
  },
  {
    title: 'OpenAI Assistant',
    badge: 'OpenAI',
    description:
      "Make or load an assistant kept by OpenAI's Assistants API, with its files, code interpreter and file search.",
    icon: <HubOutlinedIcon />,
    path: '/assistants/openai',
  },
  {
    title: 'Azure Assistant',
    badge: 'Azure',
    description:
      'The same, on your Azure OpenAI resource: choose an Azure OpenAI credential when you add the assistant.',
    icon: <CloudOutlinedIcon />,
    path: '/assistants/openai',
  },
];

function KindCard({ kind, onOpen }: { kind: Kind; onOpen: () => void }) {
  const body = (
    <Box sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            color: 'text.secondary',
            fontSize: 12,
            textTransform: 'uppercase',
            letterSpacing: 0.5,
          }}
        >
          {kind.icon}
          {kind.badge}
        </Box>
      </Box>
      <Typography variant="h3" component="h2">
        {kind.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {kind.description}
      </Typography>
    </Box>
  );
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        transition: 'box-shadow .2s, border-color .2s',
        '&:hover': { borderColor: 'primary.main', boxShadow: 4 },
      }}
    >
      <CardActionArea onClick={onOpen} aria-label={kind.title} sx={{ height: '100%', alignItems: 'stretch' }}>
        {body}
      </CardActionArea>
    </Card>
  );
}

/** `/assistants`: the kinds of assistant, each opening its own list. */
export default function AssistantsPage() {
  const navigate = useNavigate();
  return (
    <PageContainer>
      <PageHeader
        title="Assistants"
        description="Chat assistants with instructions, tools and knowledge that answer your users' questions"
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {KINDS.map((kind) => (
          <KindCard key={kind.title} kind={kind} onOpen={() => void navigate(kind.path)} />
        ))}
      </Box>
    </PageContainer>
  );
}
