import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { shellTexts } from '@roomscale/shared';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconExternalLink,
  IconMovie,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClientConfig } from '../../session/clientConfig.ts';
import classes from './TutorialsModal.module.css';
import {
  fetchTutorials,
  isPlayableVideo,
  resolveAgainst,
  type TutorialVideo,
  webTutorials,
} from './tutorials.ts';

const t = shellTexts.tutorials;

type Props = { opened: boolean; onClose: () => void };

/** The tutorials modal: web videos by section; choosing one plays it here. */
export function TutorialsModal({ opened, onClose }: Props) {
  const [playing, setPlaying] = useState<TutorialVideo | null>(null);
  const close = () => {
    setPlaying(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={playing ? playing.title : t.title} size="60rem">
      {opened && <TutorialsBody playing={playing} onPlay={setPlaying} />}
    </Modal>
  );
}

function TutorialsBody({
  playing,
  onPlay,
}: {
  playing: TutorialVideo | null;
  onPlay: (v: TutorialVideo | null) => void;
}) {
  const config = useClientConfig();
  const listUrl = config.data?.tutorialsUrl;
  const query = useQuery({
    queryKey: ['tutorials', listUrl],
    queryFn: ({ signal }) => fetchTutorials(listUrl!, signal),
    enabled: !!listUrl,
    select: webTutorials,
    staleTime: 5 * 60_000,
  });
  const resolve = (url: string) => resolveAgainst(url, listUrl ?? '/', window.location.origin);

  if (config.isError || query.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t.failed}
      >
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          onClick={() => (config.isError ? config.refetch() : query.refetch())}
        >
          {t.retry}
        </Button>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Center mih={240} role="status">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text size="sm" c="dimmed">
            {t.loading}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (playing) return <Player video={playing} resolve={resolve} onBack={() => onPlay(null)} />;
  if (query.data.length === 0) {
    return (
      <Center mih={200}>
        <Stack align="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconMovie size={26} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed">{t.empty}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="xl">
      {query.data.map((section) => (
        <section key={`${section.orderId}-${section.title}`} aria-label={section.title}>
          <Title order={3} fz="md" mb="sm">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
            {section.videos.map((video) => (
              <UnstyledButton
                key={`${video.orderId}-${video.title}`}
                className={classes.tile}
                onClick={() => onPlay(video)}
                aria-label={
                  isPlayableVideo(video.video) ? t.play(video.title) : t.open(video.title)
                }
              >
                <Card padding={0} className={classes.card}>
                  <div className={classes.thumb}>
                    <AspectRatio ratio={16 / 9}>
                      <Image src={resolve(video.v2Thumbnail)} alt="" fit="cover" />
                    </AspectRatio>
                    <Badge
                      className={classes.kind}
                      variant="filled"
                      color="dark"
                      leftSection={
                        isPlayableVideo(video.video) ? (
                          <IconPlayerPlayFilled size={12} aria-hidden />
                        ) : (
                          <IconExternalLink size={12} aria-hidden />
                        )
                      }
                    >
                      {isPlayableVideo(video.video) ? t.kindVideo : t.kindArticle}
                    </Badge>
                  </div>
                  <Text size="sm" fw={600} p="sm" lineClamp={2}>
                    {video.title}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

function Player({
  video,
  resolve,
  onBack,
}: {
  video: TutorialVideo;
  resolve: (url: string) => string;
  onBack: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const src = resolve(video.video);
  const playable = isPlayableVideo(src);
  return (
    <Stack gap="md">
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          px="xs"
        >
          {t.back}
        </Button>
      </Group>
      {playable && !failed ? (
        <AspectRatio ratio={16 / 9} className={classes.player}>
          {/* biome-ignore lint/a11y/useMediaCaption: tutorial clips carry no speech; captions come with the content host's videos */}
          <video
            src={src}
            poster={resolve(video.v2Thumbnail)}
            controls
            autoPlay
            playsInline
            onError={() => setFailed(true)}
          />
        </AspectRatio>
      ) : (
        <Card padding="lg" bg="var(--mantine-color-gray-0)">
          <Group wrap="nowrap" align="flex-start" gap="lg">
            <Image src={resolve(video.v2Thumbnail)} alt="" w={200} radius="md" visibleFrom="xs" />
            <Stack gap="xs">
              {failed ? (
                <Text fw={600}>{t.videoFailed}</Text>
              ) : (
                <>
                  <Badge variant="light" w="fit-content">
                    {t.externalTitle}
                  </Badge>
                  <Text size="sm">{t.externalText}</Text>
                </>
              )}
              <Button
                component="a"
                href={src}
                target="_blank"
                rel="noopener noreferrer"
                rightSection={<IconExternalLink size={16} aria-hidden />}
                w="fit-content"
              >
                {failed ? t.openVideo : t.openExternal}
              </Button>
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
