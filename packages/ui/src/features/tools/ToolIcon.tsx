import Avatar from '@mui/material/Avatar';

/** A tool's icon: its image when set, else its colour with the first letter. */
export function ToolIcon({
  name,
  color,
  iconSrc,
  size = 36,
}: {
  name: string;
  color: string;
  iconSrc?: string | null;
  size?: number;
}) {
  if (iconSrc) {
    return (
      <Avatar
        variant="rounded"
        src={iconSrc}
        alt=""
        sx={{ width: size, height: size, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
      />
    );
  }
  return (
    <Avatar
      variant="rounded"
      sx={{
        width: size,
        height: size,
        background: color,
        color: '#fff',
        fontWeight: 700,
        fontSize: size * 0.42,
      }}
    >
      {name.charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
