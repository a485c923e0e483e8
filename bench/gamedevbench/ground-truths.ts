// Each supported task's ground truth (the benchmark's tasks_gt/<task> edit) written as the bridge commands an
// agent would send: scene, node, tilemap, resource and script commands against the running editor, never a copy
// of a solution file. The values are facts read from the task's instruction and ground truth.

export interface Step {
  method: string
  params: Record<string, unknown>
}

export interface GroundTruth {
  /** What the task asks, in a few words (the benchmark's instruction is in the task's task_config.json). */
  summary: string
  steps: Step[]
}

const save: Step = {method: 'scene.save', params: {}}

/** Marker2D spawn points aligned with the trap texture (instruction: task_0118). */
const trapSpawnPoints: GroundTruth = {
  summary: 'Sprite2D offset so the trap rectangle is centred, SpawnTop/SpawnBot Marker2Ds on the spike tips',
  steps: [
    {method: 'scene.open', params: {path: 'res://scenes/main.tscn'}},
    {method: 'node.set', params: {node_path: '/root/Main/Trap/Sprite2D', property: 'position', value: [20, 0]}},
    {
      method: 'node.add',
      params: {
        type: 'Marker2D',
        parent: '/root/Main/Trap/SpawningPoints',
        name: 'SpawnTop',
        properties: {position: [20, -15]},
      },
    },
    {
      method: 'node.add',
      params: {
        type: 'Marker2D',
        parent: '/root/Main/Trap/SpawningPoints',
        name: 'SpawnBot',
        properties: {position: [20, 15], z_index: 1},
      },
    },
    save,
  ],
}

const TILESET = 'res://scenes/arena/tileset.tres'

/** Cells of a width×height block whose (x + y) parity is `parity`: one colour of a checkerboard. */
function checker(width: number, height: number, parity: 0 | 1): number[][] {
  const cells: number[][] = []
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if ((x + y) % 2 === parity) cells.push([x, y])
  return cells
}

function layer(parent: string, name: string, position: number[]): Step {
  return {method: 'tilemap.layer_create', params: {parent, name, tileset: TILESET, position}}
}

function paint(nodePath: string, cells: number[][], atlas: number[]): Step {
  return {method: 'tilemap.set_cells', params: {node_path: nodePath, cells, atlas}}
}

/** A TileSet cut from tiles.png and five TileMapLayers, three of them painted (instruction: task_0113). */
const arenaTileMapLayers: GroundTruth = {
  summary:
    'TileSet from tiles.png (32×32), GameArea checkerboard with Decor and empty Highlight, Bench with empty Highlight',
  steps: [
    {
      method: 'tilemap.tileset_create',
      params: {texture: 'res://assets/sprites/tiles.png', tile_size: [32, 32], path: TILESET},
    },
    {method: 'scene.open', params: {path: 'res://scenes/main.tscn'}},
    layer('/root/Arena', 'GameArea', [160, 32]),
    paint('/root/Arena/GameArea', checker(10, 7, 0), [0, 12]),
    paint('/root/Arena/GameArea', checker(10, 7, 1), [1, 12]),
    layer('/root/Arena/GameArea', 'Decor', [0, 0]),
    paint(
      '/root/Arena/GameArea/Decor',
      [
        [6, 0],
        [9, 1],
        [8, 4],
      ],
      [1, 21],
    ),
    layer('/root/Arena/GameArea', 'Highlight', [0, 0]),
    layer('/root/Arena', 'Bench', [160, 320]),
    paint('/root/Arena/Bench', checker(10, 1, 0), [0, 11]),
    paint('/root/Arena/Bench', checker(10, 1, 1), [0, 7]),
    layer('/root/Arena/Bench', 'Highlight', [160, 32]),
    save,
  ],
}

const LOWER = '/root/Player/AnimationPlayerLower'

/** Sprite-sheet clips: run (frames 0-5, looping) and stand (frame 6) on SpriteLower.frame (instruction: task_0098). */
const ninjaLowerClips: GroundTruth = {
  summary:
    'AnimationPlayerLower clips run (frames 0-5 every 0.1 s, looping) and stand (frame 6) on Anchor/SpriteLower:frame',
  steps: [
    {method: 'scene.open', params: {path: 'res://scenes/player.tscn'}},
    {
      method: 'animation.create',
      params: {player: LOWER, animation: 'run', length: 0.6, loop_mode: 'linear', step: 0.1},
    },
    {
      method: 'animation.add_track',
      params: {
        player: LOWER,
        animation: 'run',
        path: 'Anchor/SpriteLower:frame',
        keys: [0, 1, 2, 3, 4, 5].map((frame) => ({time: frame / 10, value: frame})),
      },
    },
    {
      method: 'animation.create',
      params: {player: LOWER, animation: 'stand', length: 0.1, loop_mode: 'none', step: 0.1},
    },
    {
      method: 'animation.add_track',
      params: {player: LOWER, animation: 'stand', path: 'Anchor/SpriteLower:frame', keys: [{time: 0, value: 6}]},
    },
    save,
  ],
}

export const GROUND_TRUTHS: Record<string, GroundTruth> = {
  task_0098: ninjaLowerClips,
  task_0113: arenaTileMapLayers,
  task_0118: trapSpawnPoints,
}
